package dev.capplanner.importing.mcp;

import java.util.List;

/** {@code tools/list}, one page at a time: a null cursor asks for the first page. */
@FunctionalInterface
public interface ToolPages {

    Page page(String cursor);

    /** One page of tools and the cursor of the next one (null on the last page). */
    record Page(List<McpTool> tools, String nextCursor) {
        public Page {
            tools = List.copyOf(tools);
        }
    }
}
