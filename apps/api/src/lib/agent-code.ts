/** An agent's code (`DL` and the id in six digits), written once the row has its id: by registration and by the demo seed. */
export const agentCode = (id: number) => `DL${String(id).padStart(6, '0')}`;
