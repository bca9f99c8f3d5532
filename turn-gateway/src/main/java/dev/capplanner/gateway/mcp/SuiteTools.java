package dev.capplanner.gateway.mcp;

import io.modelcontextprotocol.spec.McpSchema;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/** The suite's own two MCP tools: their definitions, and their arguments checked against them. */
final class SuiteTools {

    private static final Pattern HANDLE = Pattern.compile("^art_[0-9a-f]{32}$");
    private static final int MAX_CONVERSATION_CHARS = 200;

    static final McpSchema.Tool ASK_TOOL = McpSchema.Tool.builder().name(SuiteMcpHandler.ASK)
            .title("Ask the support desk")
            .description("Answers a question with the read-only tools this user may call: the suite finds the tools,"
                    + " plans the calls and runs them. When the answer is a list to choose from (outcome"
                    + " selection_required or artifact), ask again in the same conversationId with selection"
                    + " {handle, row} to go on with the chosen row.")
            .inputSchema(Map.of("type", "object", "additionalProperties", false, "required", List.of("question"),
                    "properties", Map.of(
                            "question", Map.of("type", "string", "minLength", 1,
                                    "maxLength", SuiteMcpHandler.MAX_QUESTION_CHARS),
                            "conversationId", Map.of("type", "string", "minLength", 1,
                                    "maxLength", MAX_CONVERSATION_CHARS,
                                    "description", "The conversationId of an earlier answer to go on with"),
                            "selection", Map.of("type", "object", "additionalProperties", false,
                                    "required", List.of("handle", "row"),
                                    "description", "The row the user chose from an earlier answer's list",
                                    "properties", Map.of(
                                            "handle", Map.of("type", "string", "pattern", HANDLE.pattern()),
                                            "row", Map.of("type", "integer", "minimum", 1,
                                                    "maximum", SuiteMcpHandler.MAX_ROW))))))
            .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(true).destructiveHint(false)
                    .idempotentHint(false).openWorldHint(true).build())
            .build();

    static final McpSchema.Tool FIND_TOOLS_TOOL = McpSchema.Tool.builder().name(SuiteMcpHandler.FIND_TOOLS)
            .title("Find tools for a task")
            .description("The tools this user may call, ranked for a task described in words, best first, each with"
                    + " its input schema; useful when the tool list is long.")
            .inputSchema(Map.of("type", "object", "additionalProperties", false, "required", List.of("query"),
                    "properties", Map.of(
                            "query", Map.of("type", "string", "minLength", 1,
                                    "maxLength", SuiteMcpHandler.MAX_QUESTION_CHARS),
                            "limit", Map.of("type", "integer", "minimum", 1, "maximum", SuiteMcpHandler.MAX_FOUND))))
            .annotations(McpSchema.ToolAnnotations.builder().readOnlyHint(true).destructiveHint(false)
                    .idempotentHint(true).openWorldHint(false).build())
            .build();

    private SuiteTools() {
    }

    /** @param handle null when no row was chosen */
    record AskArguments(String question, String conversationId, String handle, int row) {
    }

    record FindArguments(String query, Integer limit) {
    }

    static AskArguments askArguments(Map<String, Object> arguments) {
        onlyKnown(arguments, Set.of("question", "conversationId", "selection"));
        String question = text(arguments, "question", SuiteMcpHandler.MAX_QUESTION_CHARS, true);
        String conversation = text(arguments, "conversationId", MAX_CONVERSATION_CHARS, false);
        Object selection = arguments.get("selection");
        if (selection == null) {
            return new AskArguments(question, conversation, null, 0);
        }
        if (!(selection instanceof Map<?, ?> chosen) || !(chosen.get("handle") instanceof String handle)
                || !HANDLE.matcher(handle).matches() || !(chosen.get("row") instanceof Number row)
                || row.doubleValue() != Math.rint(row.doubleValue()) || row.intValue() < 1
                || row.intValue() > SuiteMcpHandler.MAX_ROW || chosen.size() != 2) {
            throw new IllegalArgumentException("selection is {handle: art_<32 hex digits>, row: 1.."
                    + SuiteMcpHandler.MAX_ROW + "}, from an earlier answer");
        }
        if (conversation == null) {
            throw new IllegalArgumentException("a selection goes with the conversationId of the answer it was chosen from");
        }
        return new AskArguments(question, conversation, handle, row.intValue());
    }

    static FindArguments findArguments(Map<String, Object> arguments) {
        onlyKnown(arguments, Set.of("query", "limit"));
        String query = text(arguments, "query", SuiteMcpHandler.MAX_QUESTION_CHARS, true);
        Object limit = arguments.get("limit");
        if (limit == null) {
            return new FindArguments(query, null);
        }
        if (!(limit instanceof Number number) || number.doubleValue() != Math.rint(number.doubleValue())
                || number.intValue() < 1 || number.intValue() > SuiteMcpHandler.MAX_FOUND) {
            throw new IllegalArgumentException("limit is a whole number from 1 to " + SuiteMcpHandler.MAX_FOUND);
        }
        return new FindArguments(query, number.intValue());
    }

    private static void onlyKnown(Map<String, Object> arguments, Set<String> known) {
        List<String> unknown = arguments.keySet().stream().filter(name -> !known.contains(name)).sorted().limit(5).toList();
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown arguments " + unknown.stream()
                    .map(name -> name.length() <= 64 ? name : name.substring(0, 64) + "…").toList()
                    + "; this tool takes " + known.stream().sorted().toList());
        }
    }

    private static String text(Map<String, Object> arguments, String name, int max, boolean required) {
        Object value = arguments.get(name);
        if (value == null && !required) {
            return null;
        }
        if (!(value instanceof String text) || text.isBlank() || text.length() > max) {
            throw new IllegalArgumentException(name + " is text of 1 to " + max + " characters");
        }
        return text;
    }
}
