// /ai-assistant: questions about cars answered from the local catalogue (and rephrased online when enabled).
export { AiAssistantScreen } from './ai-assistant-screen';
