// /api/v1/*: the public REST API, served from the tRPC routers.
import { handleV1Request } from "@/server/http/v1-route";

export const dynamic = "force-dynamic";

export { handleV1Request as GET, handleV1Request as POST, handleV1Request as PATCH, handleV1Request as PUT, handleV1Request as DELETE };
