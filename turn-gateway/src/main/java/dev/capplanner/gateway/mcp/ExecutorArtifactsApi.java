package dev.capplanner.gateway.mcp;

import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.util.Map;

/** The executor's artifact rows, read as the caller (its principal token), within one conversation. */
@Path("")
public interface ExecutorArtifactsApi {

    @GET
    @Path("/artifacts/{handle}")
    @Produces(MediaType.APPLICATION_JSON)
    Map<String, Object> artifact(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization,
                                 @PathParam("handle") String handle, @QueryParam("conversationId") String conversationId);
}
