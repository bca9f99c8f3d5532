package dev.capplanner.capabilityplans.execution;

import dev.capplanner.capabilityplans.language.Condition;
import dev.capplanner.capabilityplans.language.Step;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What each step kind makes of the rows its call returned (seed: LOOKUP one required row, SCAN
 * bounded rows with chosen output fields, EXISTS with ANTI JOIN an absence check, COUNT and SUM
 * aggregates). Pure: rows in, the step's output (or why the plan cannot go on) out.
 */
final class StepOutputs {

    private StepOutputs() {
    }

    /** A step's output, or the reason it fails the plan. */
    record Made(Object output, String observed, FailureCause cause, String failure,
                List<Map<String, Object>> keptRows, StepResponse.Refused refusal) {

        Made(Object output, String observed, List<Map<String, Object>> keptRows) {
            this(output, observed, null, null, keptRows, null);
        }

        static Made output(Object output, String observed) {
            return new Made(output, observed, List.of());
        }

        static Made failure(FailureCause cause, String failure) {
            return new Made(null, failure, cause, failure, List.of(), null);
        }

        /** A second call of the step (an anti-join's) was refused: the plan is refused as for any call. */
        static Made refused(StepResponse.Refused refusal) {
            return new Made(null, "refused: " + refusal.rule(), null, null, List.of(), refusal);
        }
    }

    /** The rows of a call's result: under its collection path, or the result itself (a list, or one object). */
    @SuppressWarnings("unchecked")
    static List<Map<String, Object>> rows(StepResponse response) {
        if (!(response instanceof StepResponse.Returned returned) || returned.body() == null) {
            return List.of();
        }
        Object body = returned.body();
        Object collection = returned.collectionPath() == null ? body : JsonValues.at(body, returned.collectionPath());
        if (collection instanceof List<?> list) {
            return list.stream().filter(Map.class::isInstance).map(row -> (Map<String, Object>) row).toList();
        }
        if (returned.collectionPath() == null && body instanceof Map<?, ?> single) {
            return List.of((Map<String, Object>) single);
        }
        return List.of();
    }

    static List<Map<String, Object>> kept(List<Map<String, Object>> rows, Condition where, Bindings bindings) {
        return rows.stream().filter(row -> bindings.holds(where, row)).toList();
    }

    static Made lookup(Step.Lookup step, List<Map<String, Object>> rows) {
        if (rows.size() > 1) {
            return Made.failure(FailureCause.UNEXPECTED_DATA,
                    "lookup " + step.name() + " matched " + rows.size() + " rows; a lookup needs one");
        }
        if (rows.isEmpty()) {
            return step.required() ? Made.failure(FailureCause.ROW_MISSING,
                    "lookup " + step.name() + " found no row, and the row is required") : Made.output(null, "no row");
        }
        return Made.output(project(rows.get(0), step.output()), "1 row");
    }

    static Made scan(Step.Scan step, List<Map<String, Object>> rows) {
        List<Map<String, Object>> bounded = rows.stream().limit(step.limit())
                .map(row -> project(row, step.output())).toList();
        return new Made(rowsOutput(bounded, rows.size()), bounded.size() + " of " + rows.size() + " rows", bounded);
    }

    static Made search(Step.Search step, List<Map<String, Object>> rows) {
        List<Map<String, Object>> hits = rows.stream().limit(step.limit()).toList();
        return new Made(rowsOutput(hits, rows.size()), hits.size() + " of " + rows.size() + " hits", hits);
    }

    static Made count(List<Map<String, Object>> rows) {
        return Made.output(rows.size(), "count " + rows.size());
    }

    static Made sum(Step.Sum step, List<Map<String, Object>> rows) {
        BigDecimal total = BigDecimal.ZERO;
        for (int i = 0; i < rows.size(); i++) {
            Object value = JsonValues.at(rows.get(i), step.value());
            if (value == null) {
                continue;
            }
            var number = JsonValues.number(value);
            if (number.isEmpty()) {
                return Made.failure(FailureCause.UNEXPECTED_DATA,
                        "sum " + step.name() + ": " + step.value() + " of row " + (i + 1)
                        + " is not a number");
            }
            total = total.add(number.get());
        }
        return Made.output(total, "sum over " + rows.size() + " rows");
    }

    /** Whether a step row is left once every row of the anti-join that equals it on all pairs removed it. */
    static Made exists(Step.Exists step, List<Map<String, Object>> rows, List<Map<String, Object>> joined) {
        List<Map<String, Object>> left = step.antiJoin() == null ? rows : rows.stream()
                .filter(row -> joined.stream().noneMatch(other -> step.antiJoin().on().entrySet().stream()
                        .allMatch(pair -> JsonValues.same(JsonValues.at(row, pair.getKey()),
                                JsonValues.at(other, pair.getValue())))))
                .toList();
        return Made.output(!left.isEmpty(), step.antiJoin() == null ? rows.size() + " rows"
                : left.size() + " of " + rows.size() + " rows unmatched by " + joined.size());
    }

    static Map<String, Object> rowsOutput(List<Map<String, Object>> rows, int total) {
        Map<String, Object> output = new LinkedHashMap<>();
        output.put("rows", new ArrayList<>(rows));
        output.put("total", total);
        return output;
    }

    private static Map<String, Object> project(Map<String, Object> row, Map<String, String> output) {
        if (output == null) {
            return row;
        }
        Map<String, Object> projected = new LinkedHashMap<>();
        output.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(field -> projected.put(field.getKey(), JsonValues.at(row, field.getValue())));
        return projected;
    }
}
