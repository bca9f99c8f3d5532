package dev.capplanner.gateway.turns;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Optional;

/**
 * The run a record of the pipeline belongs to, read from its top-level {@code run} member without
 * reading the rest of the record into memory (a route can be tens of kilobytes). The gateway reads
 * only records its cheap filter let through, and a record it cannot read concerns no caller: the
 * stage that reads it for real dead-letters it.
 */
public final class RecordedRun {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final JsonFactory FACTORY = JSON.getFactory();

    private RecordedRun() {
    }

    /** Whose turn, and in which iteration; empty when the record names no complete run. */
    public record Found(TurnKey key, int iteration) {
    }

    public static Optional<Found> of(byte[] record) {
        if (record == null) {
            return Optional.empty();
        }
        try (JsonParser parser = FACTORY.createParser(record)) {
            if (parser.nextToken() != JsonToken.START_OBJECT) {
                return Optional.empty();
            }
            while (parser.nextToken() == JsonToken.FIELD_NAME) {
                String field = parser.currentName();
                parser.nextToken();
                if ("run".equals(field)) {
                    return found(JSON.readTree(parser));
                }
                parser.skipChildren();
            }
            return Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    private static Optional<Found> found(JsonNode run) {
        String runId = text(run.get("runId"));
        String conversationId = text(run.get("conversationId"));
        String tenantId = text(run.get("tenantId"));
        String userId = text(run.path("principal").get("userId"));
        JsonNode iteration = run.get("iteration");
        if (runId == null || conversationId == null || tenantId == null || userId == null
                || iteration == null || !iteration.canConvertToInt()) {
            return Optional.empty();
        }
        return Optional.of(new Found(new TurnKey(runId, conversationId, tenantId, userId), iteration.intValue()));
    }

    private static String text(JsonNode node) {
        return node != null && node.isTextual() ? node.asText() : null;
    }
}
