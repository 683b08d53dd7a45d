import { ActionIcon, type ActionIconProps } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useNavigate } from 'react-router';

/**
 * The Back button of a detail page (000 §2.5, 001 §2.2): the browser's previous page when there is one in this
 * app, else `fallback` (the page was opened directly; react-router numbers its history entries from 0).
 */
export function BackButton({ fallback, ...props }: { fallback: string } & ActionIconProps) {
  const navigate = useNavigate();
  const back = () => {
    const index: unknown = window.history.state?.idx;
    if (typeof index === 'number' && index > 0) navigate(-1);
    else navigate(fallback);
  };
  return (
    <ActionIcon variant="subtle" color="gray" size="lg" onClick={back} aria-label="Back" {...props}>
      <IconArrowLeft size={20} />
    </ActionIcon>
  );
}
