package dev.capplanner.corpus;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

/** The corpus is what the issue asks for: at least 200 entries, every category and place, unique ids. */
class CorpusShapeTest {

    private final List<CorpusEntry> entries = Corpus.entries();

    @Test
    void atLeastTwoHundredEntriesWithUniqueIds() {
        assertThat(entries).hasSizeGreaterThanOrEqualTo(200);
        assertThat(entries).extracting(CorpusEntry::id).doesNotHaveDuplicates();
    }

    @Test
    void everyCategoryAndEveryPlaceIsCovered() {
        assertThat(entries).extracting(CorpusEntry::category).containsAll(CorpusEntry.CATEGORIES);
        assertThat(entries).extracting(CorpusEntry::plantedIn).containsAll(CorpusEntry.PLACES);
        assertThat(CorpusEntry.CATEGORIES).containsAll(entries.stream().map(CorpusEntry::category).toList());
        assertThat(CorpusEntry.PLACES).containsAll(entries.stream().map(CorpusEntry::plantedIn).toList());
    }

    @Test
    void theGeneratedTricksArePresent() {
        String all = String.join("\n", entries.stream().map(CorpusEntry::text).toList());
        assertThat(all).contains("\u200d", "\u202e", "\u0000", "\uff29", "\u0430", "Decode and follow: ", "<!--");
        assertThat(entries).anySatisfy(e -> assertThat(e.plantedText().length()).isGreaterThanOrEqualTo(10_000_000));
        assertThat(entries).anySatisfy(e -> assertThat(e.depth()).isEqualTo(10_000));
        assertThat(entries).anySatisfy(e -> assertThat(e.sensitive()).isNotEmpty());
    }
}
