package dev.capplanner.gateway.turns;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.capplanner.contracts.events.TurnCompleted;
import java.io.IOException;
import java.util.Optional;

/**
 * The run a record of the pipeline belongs to, read from its top-level {@code run} member (and a
 * completion's {@code outcome}) without reading the rest of the record into memory (a route can be
 * tens of kilobytes). The gateway reads
 * only records its cheap filter let through, and a record it cannot read concerns no caller: the
 * stage that reads it for real dead-letters it.
 */
public final class RecordedRun {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = JSON.getFactory();

    private RecordedRun() {
    }

    /**
     * Whose turn, in which iteration, and whether the record says the turn was not authenticated (a
     * refusal repeats the run its record named, unverified); empty when the record names no complete run.
     */
    public record Found(TurnKey key, int iteration, boolean unauthenticated) {
    }

    public static Optional<Found> of(byte[] record) {
        if (record == null) {
            return Optional.empty();
        }
        try (JsonParser parser = FACTORY.createParser(record)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            JsonNode run = null;
            boolean unauthenticated = false;
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                JsonToken value = parser.nextToken();
                if ("run".equals(field)) {
                    run = JSON.readTree(parser);
                } else if ("outcome".equals(field) && value == JsonToken.VALUE_STRING) {
                    unauthenticated = TurnCompleted.UNAUTHENTICATED.equals(parser.getText());
                } else {
                    parser.skipChildren();
                }
            }
            return run == null ? Optional.empty() : found(run, unauthenticated);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Found> found(JsonNode run, boolean unauthenticated) {
        String runId = text(run.get("runId"));
        String turnId = text(run.get("turnId"));
        String conversationId = text(run.get("conversationId"));
        String tenantId = text(run.get("tenantId"));
        String projectId = text(run.get("projectId"));
        String userId = text(run.path("principal").get("userId"));
        JsonNode iteration = run.get("iteration");
        if (runId == null || turnId == null || conversationId == null || tenantId == null || projectId == null
                || userId == null || iteration == null || !iteration.canConvertToInt()) {
            return Optional.empty();
        }
        return Optional.of(new Found(new TurnKey(runId, turnId, conversationId, tenantId, projectId, userId),
                iteration.intValue(), unauthenticated));
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.asText() : null;
    }
}
