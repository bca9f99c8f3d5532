package dev.capplanner.gateway.mcp;

import dev.capplanner.contracts.discovery.McpToolListing;
import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Optional;

/**
 * The caller's tools as MCP shows them, from the router's listing of the caller's own current snapshot
 * (the registry's permissions and the tenant's MCP channel policy applied there): without a query the
 * permissioned catalog up to the hard maximum, with one a ranked discovery offer. Every tool is
 * read-only (nothing else is in a snapshot) and says so.
 */
final class McpCatalog {

    private static final McpSchema.ToolAnnotations READ_ONLY = McpSchema.ToolAnnotations.builder()
            .readOnlyHint(true).destructiveHint(false).idempotentHint(true).openWorldHint(true).build();

    private final RouterToolsApi router;

    McpCatalog(RouterToolsApi router) {
        this.router = router;
    }

    /** @param query null for the permissioned catalog, else ranked for it */
    McpToolListing listing(Caller caller, String query, Integer limit) {
        return router.tools(caller.authorization(), new McpToolListing.Request(query, limit, null, null));
    }

    /**
     * The registry capability an MCP name stands for, when the caller may call it through this channel;
     * a name that stood for more than one (never, by construction) stands for none.
     */
    Optional<McpToolListing.Tool> resolve(Caller caller, String mcpName) {
        List<McpToolListing.Tool> matching = router.tools(caller.authorization(),
                        new McpToolListing.Request(null, null, null, List.of(mcpName)))
                .tools().stream().filter(tool -> tool.mcpName().equals(mcpName)).toList();
        return matching.size() == 1 ? Optional.of(matching.get(0)) : Optional.empty();
    }

    /**
     * A tool as an MCP client sees it. No output schema: a call answers with the suite's result (the
     * outcome, a summary, the evidence), not with the source's raw output.
     */
    static McpSchema.Tool mcpTool(McpToolListing.Tool tool) {
        return McpSchema.Tool.builder().name(tool.mcpName()).title(tool.name()).description(tool.description())
                .inputSchema(tool.inputSchema()).annotations(READ_ONLY).build();
    }
}
