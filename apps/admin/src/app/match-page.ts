import { matchPath } from 'react-router';
import { PAGES, type ConsolePage } from './route-table.js';

/** The route-table page a path belongs to (for the menu's selection and the breadcrumbs). */
export function matchPage(pathname: string): ConsolePage | undefined {
  return PAGES.find((p) => matchPath({ path: p.path, end: true }, pathname));
}
