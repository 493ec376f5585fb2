import MoonTool from "./moon/index.js";
import SunTool from "./sun/index.js";

export default {
  MoonTool,
  SunTool,
};
