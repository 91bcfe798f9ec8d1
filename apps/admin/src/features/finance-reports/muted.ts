/** Text colours of the reports that keep 4.5:1 on white (WCAG AA; antd's secondary, success and danger do not). */
export const MUTED = '#595959';
export const GAIN = '#237804';
export const LOSS = '#a8071a';
