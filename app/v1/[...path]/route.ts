import { unknownPath } from "@/lib/api/api";

export {
  unknownPath as GET,
  unknownPath as POST,
  unknownPath as PUT,
  unknownPath as PATCH,
  unknownPath as DELETE,
  unknownPath as OPTIONS,
};
