package dev.capplanner.gateway.mcp;

import dev.capplanner.contracts.discovery.McpToolListing;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;

/** The router's MCP listing, asked as the caller (its principal token). */
@Path("")
public interface RouterToolsApi {

    @POST
    @Path("/discovery/tools")
    @Consumes(MediaType.APPLICATION_JSON)
    @Produces(MediaType.APPLICATION_JSON)
    McpToolListing tools(@HeaderParam(HttpHeaders.AUTHORIZATION) String authorization, McpToolListing.Request request);
}
