package dev.capplanner.demo.kb;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import java.util.List;
import java.util.Map;

/** The knowledge base's search endpoint, as a registry registers it ({@code kind: kb}). */
@Path("/kb/search")
@Produces(MediaType.APPLICATION_JSON)
public class HelpCenterResource {

    private final HelpCenter helpCenter = new HelpCenter();

    @GET
    public Map<String, Object> search(@QueryParam("query") String query, @QueryParam("limit") Integer limit) {
        if (query == null || query.strip().length() < 2 || query.length() > 500) {
            throw new BadRequestException("query parameter 'query' needs 2 to 500 characters");
        }
        int bounded = limit == null ? 5 : Math.max(1, Math.min(20, limit));
        List<Map<String, Object>> items = helpCenter.search(query, bounded);
        return Map.of("items", items, "count", items.size());
    }
}
