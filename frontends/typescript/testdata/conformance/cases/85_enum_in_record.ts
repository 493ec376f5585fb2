export enum Lang {
  En = "en",
  Fr = "fr",
}
export interface Translations {
  byLang: Record<string, string>;
  primary: Lang;
}
