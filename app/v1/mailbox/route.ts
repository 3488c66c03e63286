import { readMailbox } from "@/lib/email/mailbox";
import * as op from "@/lib/email/operations";
import { handle, route } from "@/lib/api/api";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  GET: handle(op.getMailbox, ({ ctx }) => readMailbox({ ctx })),
});
