export enum HttpCode {
  Ok = 200,
  NotFound = 404,
  Teapot = 418,
  Next,
}
