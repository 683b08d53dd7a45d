export {
  AssignmentBuckets,
  type AssignmentBucketsProps,
  type BucketsLeadingTab,
} from './components/AssignmentBuckets';
export { NextSessionButton } from './components/NextSessionButton';
export { ScoreDots } from './components/ScoreDots';
export { HumanRecorderPage } from './pages/HumanRecorderPage';
