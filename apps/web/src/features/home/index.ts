export { HomePage } from './pages/HomePage';
export { codeSample, installCommand, pythonInstallCommand, pythonSample } from './quickStart';
