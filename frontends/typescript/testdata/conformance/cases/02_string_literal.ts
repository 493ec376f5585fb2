export type Mode = "on";
export type Single = 'single-quoted';
