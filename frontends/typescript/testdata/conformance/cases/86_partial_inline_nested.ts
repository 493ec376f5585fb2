export interface Settings {
  theme: { dark: boolean; accent: string };
  size: number;
}
export type SettingsPatch = Partial<Settings>;
export type ThemeOnly = Pick<Settings, "theme">;
