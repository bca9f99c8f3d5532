package dev.capplanner.reports.masking;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Words of scripts no word list reads, and words of two scripts. */
class UnreadScriptDetectorTest {

    private static final UnreadScriptDetector DETECTOR = new UnreadScriptDetector(Vocabulary.shipped());

    @Test
    void aWordOfAScriptNoListReadsIsMaskedWhole() {
        String text = "has 王芳 paid the last invoice? محمد علي wants to cancel";
        assertThat(DETECTOR.find(text)).extracting(f -> text.substring(f.start(), f.end()))
                .containsExactly("王芳", "محمد علي");
        assertThat(DETECTOR.find(text)).allMatch(f -> f.kind() == SensitiveKind.WORD);
        assertThat(DETECTOR.find("Иван и Пётр")).as("a Russian function word a list has is kept between")
                .extracting(Finding::start).containsExactly(0, 7);
    }

    @Test
    void aWordOfTwoScriptsIsMaskedWholeEvenWhereItsForeignLetterIsAFunctionWord() {
        // The Cyrillic "а" and "о" look like Latin letters; alone, "а" is a Russian function word.
        String text = "Th\u0430ndiwe Okonkw\u043e opened a ticket";
        assertThat(DETECTOR.find(text)).extracting(f -> text.substring(f.start(), f.end()))
                .containsExactly("Th\u0430ndiwe", "Okonkw\u043e");
        assertThat(DETECTOR.find("Thandiwe opened a ticket")).isEmpty();
    }
}
