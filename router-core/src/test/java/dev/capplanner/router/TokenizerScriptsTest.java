package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.router.keyword.Tokenizer;
import org.junit.jupiter.api.Test;

/** Issue 16, scripts other than Latin: the same word in its variant spellings gives the same terms. */
class TokenizerScriptsTest {

    final Tokenizer tokenizer = new Tokenizer();

    @Test
    void arabicLetterVariantsMeetThePersianForms() {
        // "invoice" (فاکتور) with an Arabic kaf, "customer" (مشتری) with an Arabic yeh.
        assertThat(tokenizer.terms("فاكتور مشتري")).isEqualTo(tokenizer.terms("فاکتور مشتری"));
    }

    @Test
    void diacriticsAndTatweelDoNotSplitAWord() {
        assertThat(tokenizer.terms("كِتَابٌ")).isEqualTo(tokenizer.terms("کتاب")).hasSize(1);
        assertThat(tokenizer.terms("كـتـاب")).isEqualTo(tokenizer.terms("کتاب"));
        assertThat(tokenizer.terms("Café Müller")).isEqualTo(tokenizer.terms("cafe muller"));
    }

    @Test
    void aZeroWidthNonJoinerSeparatesAPersianPluralFromItsStem() {
        // "books" (کتاب‌ها): the stem alone meets the singular in a tool's description.
        assertThat(tokenizer.terms("کتاب\u200Cها")).contains(tokenizer.terms("کتاب").get(0));
    }

    @Test
    void arabicIndicAndPersianDigitsAreDigits() {
        assertThat(tokenizer.terms("سفارش ۵۰۰۲")).contains("5002");
        assertThat(tokenizer.terms("طلب ٥٠٠٢")).contains("5002");
        assertThat(tokenizer.terms("order O-5002")).contains("5002");
    }
}
