/** What the server uses of a ws socket (the ws package ships no types here): the chat and the staff events. */
export interface WebSocket {
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (raw: unknown) => void): void;
  on(event: 'close', listener: () => void): void;
}
