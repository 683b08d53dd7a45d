export { PlaygroundPage } from './pages/PlaygroundPage';
