package dev.capplanner.reports;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.reports.masking.SensitiveValueMasker;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SensitiveValueMaskerTest {

    final SensitiveValueMasker masker = new SensitiveValueMasker();

    @Test
    void emailAddressesAreMasked() {
        assertThat(masker.mask("write to riccardo.lorini+orders@example.co.uk now"))
                .isEqualTo("write to [email] now");
    }

    @Test
    void phoneNumbersInCommonFormatsAreMasked() {
        assertThat(masker.mask("call +39 347 123 4567")).isEqualTo("call [phone]");
        assertThat(masker.mask("call (02) 8765-4321 ext")).isEqualTo("call [phone] ext");
        assertThat(masker.mask("tel:3471234567.")).isEqualTo("tel:[phone].");
    }

    @Test
    void identifiersAmountsAndDatesStayReadable() {
        String text = "order O-5002 of 2026-11-30 for 1299.50 EUR, customer C-1001";
        assertThat(masker.mask(text)).isEqualTo(text);
    }

    @Test
    void everyStringInATreeIsMaskedButKeysAreKept() {
        Object masked = masker.maskTree(Map.of("arguments", Map.of("email", "a.b@example.com"),
                "notes", List.of("ring 3471234567", 42)));
        assertThat(masked).isEqualTo(Map.of("arguments", Map.of("email", "[email]"),
                "notes", List.of("ring [phone]", 42)));
    }
}
