// DELETE /api/app/api-keys/:id: revokes the key (the record is kept).
import { appRoute } from "@/server/http/app-route";

export const DELETE = appRoute((caller, { params }) => caller.apiKeys.revoke({ id: params.id }));
