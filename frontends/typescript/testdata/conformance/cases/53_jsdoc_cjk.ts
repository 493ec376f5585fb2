/** 天気を取得するためのリクエスト。 */
export interface WeatherQuery {
  /** 都市名（例：東京） */
  city: string;
  /** 温度の単位 */
  unit?: "摄氏" | "华氏";
}
