/** spec: ten records a page (phonePage.pageSize). Without zod, so a first screen can page without the schemas (ADR 0015). */
export const PAGE_SIZE = 10;
