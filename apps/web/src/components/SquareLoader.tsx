import classes from './SquareLoader.module.css';

export function SquareLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <div className={classes.loader} role="progressbar" aria-label={label} aria-busy="true">
      <span className={classes.square} />
      <span className={classes.square} />
      <span className={classes.square} />
      <span className={classes.square} />
    </div>
  );
}
