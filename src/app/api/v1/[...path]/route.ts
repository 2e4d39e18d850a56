// /api/v1/*: the public REST API and its OpenAPI document, answered by the v1 edge (v1-route.ts) where
// Next serves alone (`next start`); Orbit's own server answers these paths before Next.
import { observed } from "@/server/http/observe";
import { handleV1Request } from "@/server/http/v1-route";

export const dynamic = "force-dynamic";

const handler = observed(handleV1Request);

// Every method reaches the edge, which answers 405 with the path's own `Allow` and OPTIONS itself.
export { handler as GET, handler as HEAD, handler as POST, handler as PATCH, handler as PUT, handler as DELETE, handler as OPTIONS };
