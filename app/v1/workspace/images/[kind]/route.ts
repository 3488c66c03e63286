import { handle, route } from "@/lib/api/api";
import { readLimitedBytes } from "@/lib/http/request";
import { IMAGE_LIMIT_BYTES } from "@/lib/workspace/images";
import * as op from "@/lib/workspace/operations";
import { removeWorkspaceImage, setWorkspaceImage } from "@/lib/workspace/workspace";

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  PUT: handle(op.setWorkspaceImage, async ({ ctx, params, request }) =>
    setWorkspaceImage({
      ctx,
      kind: params.kind,
      contentType: request.headers.get("content-type"),
      bytes: await readLimitedBytes(request, IMAGE_LIMIT_BYTES),
    }),
  ),
  DELETE: handle(op.removeWorkspaceImage, ({ ctx, params }) =>
    removeWorkspaceImage({ ctx, kind: params.kind }),
  ),
});
