package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.CapabilityIndexEntry;
import dev.capplanner.contracts.events.Endpoint;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/** The index entry is small and bounded however long a source's description or alias list is. */
class CapabilityIndexEntryTest {

    @Test
    void theSummaryIsTheFirstSentence() {
        assertThat(entry("Find customers by name. Matches partial names too. Paginated.", List.of()).summary())
                .isEqualTo("Find customers by name.");
        assertThat(entry("Find customers by name", List.of()).summary()).isEqualTo("Find customers by name");
    }

    @Test
    void aLongSentenceIsCutAtAWordWithinTheBound() {
        String longSentence = "Returns " + "every matching customer record with its addresses ".repeat(10).strip();
        String summary = entry(longSentence, List.of()).summary();
        assertThat(summary).hasSizeLessThanOrEqualTo(CapabilityIndexEntry.MAX_SUMMARY).endsWith("…");
        assertThat(longSentence).startsWith(summary.substring(0, summary.length() - 1));
        assertThat(summary.charAt(summary.length() - 2)).isNotEqualTo(' ');
    }

    @Test
    void aliasesAreBoundedAndTheRestIsCopied() {
        List<String> aliases = IntStream.range(0, 20).mapToObj(i -> "alias " + i).toList();
        CapabilityIndexEntry entry = entry("Find customers.", aliases);
        assertThat(entry.aliases()).hasSize(CapabilityIndexEntry.MAX_ALIASES).startsWith("alias 0");
        assertThat(entry).extracting(CapabilityIndexEntry::name, CapabilityIndexEntry::family,
                CapabilityIndexEntry::entity, CapabilityIndexEntry::operation)
                .containsExactly("customers.search", "api:customers", "customer", "search");
    }

    private static CapabilityIndexEntry entry(String description, List<String> aliases) {
        return CapabilityIndexEntry.of(new Capability("customers.search", "api", "api:customers", "customer", "search",
                description, aliases, true, new Endpoint("demo-api", "GET", "/customers"), Map.of("type", "object"),
                "items"));
    }
}
