// /api/v1/*: the public REST API, served from the tRPC routers.
import { observed } from "@/server/http/observe";
import { handleV1Request } from "@/server/http/v1-route";

export const dynamic = "force-dynamic";

const handler = observed(handleV1Request);

export { handler as GET, handler as POST, handler as PATCH, handler as PUT, handler as DELETE };
