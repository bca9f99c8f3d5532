package dev.capplanner.planner.capability;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.inputschema.InputSchema;
import dev.capplanner.planner.plan.PlannedCall;
import dev.capplanner.planner.plan.ToolSpec;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Rule "schema-valid filters" for ranges: dates and amounts bind where a schema takes them, else they are told. */
class RangeFiltersTest {

    static final Map<String, Object> RANGED = Map.of(
            "customerId", Map.of("type", "string"),
            "placedAfter", Map.of("type", "string", "format", "date"),
            "placedBefore", Map.of("type", "string", "format", "date"),
            "minTotal", Map.of("type", "number", "minimum", 0),
            "maxTotal", Map.of("type", "number", "maximum", 10000),
            "status", Map.of("type", "string", "enum", List.of("open", "shipped")));

    @Test
    void datesAndAmountsAreReadWithTheirSide() {
        assertThat(RangeFilters.asked("orders over 100 EUR since 2026-10-01")).extracting(
                        RangeFilters.Bound::kind, RangeFilters.Bound::side, RangeFilters.Bound::value)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(RangeFilters.Kind.AMOUNT, RangeFilters.Side.LOWER, 100L),
                        org.assertj.core.groups.Tuple.tuple(RangeFilters.Kind.DATE, RangeFilters.Side.LOWER, "2026-10-01"));
        assertThat(RangeFilters.asked("invoices between $20 and $49.50")).extracting(RangeFilters.Bound::value)
                .containsExactly(20L, 49.5);
        assertThat(RangeFilters.asked("tickets opened in the last 3 days")).singleElement().satisfies(b -> {
            assertThat(b.value()).as("relative: not resolved into a date").isNull();
            assertThat(b.phrase()).as("told as \"not filtered by last 3 days\"").isEqualTo("last 3 days");
        });
        assertThat(RangeFilters.asked("invoices in October")).extracting(RangeFilters.Bound::phrase)
                .containsExactly("october");
    }

    @Test
    void countsAreNotRanges() {
        assertThat(RangeFilters.asked("the last 3 orders of Anna Conti")).isEmpty();
        assertThat(RangeFilters.asked("customers with more than 3 orders")).isEmpty();
        assertThat(RangeFilters.asked("Show the orders for Riccardo Lorini")).isEmpty();
    }

    /** The ranged order list, with its customer required. */
    private static InputSchema ranged() {
        return InputSchema.of(Map.of("type", "object", "properties", RANGED, "required", List.of("customerId")));
    }

    @Test
    void absoluteBoundsBindToTheParametersForTheirKindAndSide() {
        assertThat(RangeFilters.from(ranged(),
                "orders of C-1001 over 100 EUR placed before 2026-11-15"))
                .containsExactlyInAnyOrderEntriesOf(Map.of("minTotal", 100L, "placedBefore", "2026-11-15"));
        assertThat(RangeFilters.from(ranged(), "orders under 20000 EUR"))
                .as("outside the declared maximum").isEmpty();
        assertThat(RangeFilters.from(ranged(), "orders since October")).as("no year: no date")
                .isEmpty();
    }

    @Test
    void aRangeNoPlannedCallTookIsToldInTheUsersWords() {
        ToolSpec plain = new ToolSpec("orders.list", "order", "list", true, Map.of("type", "object", "properties",
                Map.of("customerId", Map.of("type", "string")), "required", List.of("customerId")), List.of(), List.of(),
                true, "List a customer's orders.", List.of());
        PlannedCall call = PlannedCall.of("a1", "orders.list", Map.of("customerId", "C-1001"));
        assertThat(UnmappedFilters.of("Orders of C-1001 over 100 EUR since October", List.of(plain), List.of(call)))
                .containsExactly("over 100 eur", "since october");
        PlannedCall ranged = PlannedCall.of("a1", "orders.list", Map.of("customerId", "C-1001", "minTotal", 100L));
        assertThat(UnmappedFilters.of("Orders of C-1001 over 100 EUR", List.of(plain), List.of(ranged))).isEmpty();
    }

    /** One planning pass reads its question once; another question, or the same words again, is read anew. */
    @Test
    void eachQuestionIsReadForItselfWhateverWasReadBefore() {
        String first = "orders over 100 EUR";
        String second = "orders since 2026-10-01";
        assertThat(RangeFilters.asked(first)).extracting(RangeFilters.Bound::value).containsExactly(100L);
        assertThat(RangeFilters.asked(first)).isSameAs(RangeFilters.asked(first));
        assertThat(RangeFilters.asked(second)).extracting(RangeFilters.Bound::value).containsExactly("2026-10-01");
        assertThat(RangeFilters.asked(new String(first))).extracting(RangeFilters.Bound::value).containsExactly(100L);
        assertThat(RangeFilters.asked("orders")).isEmpty();
    }
}
