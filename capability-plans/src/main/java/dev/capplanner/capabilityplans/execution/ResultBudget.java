package dev.capplanner.capabilityplans.execution;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;
import dev.capplanner.contracts.capabilityplans.CapabilityPlanBudget;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Fits a plan's result to its token budget (seed: MAX OUTPUT TOKENS, MAX INLINE EVIDENCE ITEMS,
 * MAX REASON COUNT, PREFER HANDLES): reasons beyond the maximum are left out (the first ones, in
 * rule order, stay); a scan's or search's rows beyond the inline maximum are cut, the entry saying
 * {@code truncated} and naming the handle its complete rows are kept under; while the result is
 * still over its tokens (counted with {@code cl100k_base}), the largest payload entry is replaced
 * by a note naming its handle. What was shortened is listed for the evidence envelope.
 */
final class ResultBudget {

    static final String REASONS = "reasons";
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Encoding TOKENS = Encodings.newLazyEncodingRegistry().getEncoding(EncodingType.CL100K_BASE);

    private final CapabilityPlanBudget budget;
    private final List<String> trimmed = new ArrayList<>();

    ResultBudget(CapabilityPlanBudget budget) {
        this.budget = budget;
    }

    List<String> trimmed() {
        return List.copyOf(trimmed);
    }

    List<Reason> reasons(List<Reason> matched) {
        if (matched.size() <= budget.maxReasons()) {
            return matched;
        }
        trimmed.add("reasons: " + (matched.size() - budget.maxReasons()) + " left out of " + matched.size());
        return matched.subList(0, budget.maxReasons());
    }

    /** The rows output of a scan or search within the inline maximum; {@code handle} names the complete rows. */
    @SuppressWarnings("unchecked")
    Map<String, Object> inline(String field, Map<String, Object> rowsOutput, Optional<String> handle) {
        List<Object> rows = (List<Object>) rowsOutput.get("rows");
        if (rows.size() <= budget.maxInlineEvidenceItems()) {
            return rowsOutput;
        }
        Map<String, Object> cut = new LinkedHashMap<>(rowsOutput);
        cut.put("rows", new ArrayList<>(rows.subList(0, budget.maxInlineEvidenceItems())));
        cut.put("truncated", true);
        handle.ifPresent(name -> cut.put("handle", name));
        trimmed.add(field + ": " + budget.maxInlineEvidenceItems() + " of " + rows.size() + " rows inline"
                + handle.map(name -> ", all under handle " + name).orElse(""));
        return cut;
    }

    /**
     * The result within its tokens, largest payload entries left out first; empty when the decision
     * and its reasons alone are over.
     */
    Optional<Map<String, Object>> fitted(Map<String, Object> result, List<String> payloadFields) {
        Map<String, Object> fitted = new LinkedHashMap<>(result);
        List<String> candidates = new ArrayList<>(payloadFields);
        candidates.sort(Comparator.comparingInt((String field) -> tokens(fitted.get(field))).reversed());
        for (String field : candidates) {
            if (tokens(fitted) <= budget.maxOutputTokens()) {
                break;
            }
            Map<String, Object> note = new LinkedHashMap<>();
            note.put("omitted", "over the token budget");
            if (fitted.get(field) instanceof Map<?, ?> entry && entry.get("handle") != null) {
                note.put("handle", entry.get("handle"));
            }
            trimmed.add(field + ": left out, over the budget of " + budget.maxOutputTokens() + " tokens");
            fitted.put(field, note);
        }
        return tokens(fitted) <= budget.maxOutputTokens() ? Optional.of(fitted) : Optional.empty();
    }

    static int tokens(Object value) {
        try {
            return TOKENS.countTokensOrdinary(JSON.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }
}
