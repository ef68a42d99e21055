export { QuestionsSection } from './components/questions-section';
