import { unknownStatuspagePath } from "@/lib/api/api";

export {
  unknownStatuspagePath as GET,
  unknownStatuspagePath as POST,
  unknownStatuspagePath as PUT,
  unknownStatuspagePath as PATCH,
  unknownStatuspagePath as DELETE,
  unknownStatuspagePath as OPTIONS,
};
