/** The chat module's face for flows (ADR 0013): the dashboard counts the open conversations. */
export { countOpenConversations } from './chat-counts.repository.js';
