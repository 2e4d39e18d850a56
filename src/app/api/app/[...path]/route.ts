// Every in-app REST route (/api/app/*): the table in server/http/app-routes.ts names each path, method
// and procedure; server/http/app-route.ts answers from it.
import { answerAppOptions, serveAppRequest } from "@/server/http/app-route";

export { serveAppRequest as GET, serveAppRequest as POST, serveAppRequest as PUT, serveAppRequest as PATCH, serveAppRequest as DELETE, answerAppOptions as OPTIONS };
