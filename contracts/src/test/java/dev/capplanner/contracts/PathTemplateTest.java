package dev.capplanner.contracts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.paths.PathTemplate;
import dev.capplanner.contracts.paths.PathTemplate.InvalidPathTemplateException;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Rule "URLs by rule": a source's path template is a path, and an argument fills one segment. */
class PathTemplateTest {

    @Test
    void placeholdersTakeTheirArgumentsEncodedAsOneSegment() {
        PathTemplate template = PathTemplate.parse("/customers/{customerId}/orders/{order-id}.json");
        assertThat(template.parameterNames()).containsExactly("customerId", "order-id");
        assertThat(template.expand(Map.of("customerId", "C 1/2?x=1#f", "order-id", 7)))
                .isEqualTo("/customers/C%201%2F2%3Fx%3D1%23f/orders/7.json");
    }

    @ParameterizedTest
    @CsvSource({"'..', '%2E%2E'", "'.', '%2E'", "'...', '%2E%2E%2E'", "'a..b', 'a..b'", "'%2e%2e', '%252e%252e'",
            "'é', '%C3%A9'", "'a\\b', 'a%5Cb'"})
    void aValueNeverBecomesADotSegmentOrAnEscape(String value, String encoded) {
        assertThat(PathTemplate.parse("/files/{name}/content").expand(Map.of("name", value)))
                .isEqualTo("/files/" + encoded + "/content");
    }

    @Test
    void aMissingOrEmptyArgumentIsAnError() {
        PathTemplate template = PathTemplate.parse("/orders/{orderId}");
        assertThatThrownBy(() -> template.expand(Map.of())).hasMessage("no argument for path parameter orderId");
        assertThatThrownBy(() -> template.expand(Map.of("orderId", ""))).hasMessage("path parameter orderId is empty");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "/customers?tenant=globex&name={name}|10|query string",
            "/customers/{id}#|15|fragment",
            "https://evil.example/x|0|starts with '/'",
            "evil.example/x|0|starts with '/'",
            "//evil.example/x|1|empty segment",
            "/a//b|3|empty segment",
            "/a/../admin|3|dot segment",
            "/a/%2e%2E/admin|3|dot segment",
            "/a/./b|3|dot segment",
            "/a b|2|U+0020",
            "/a\\b|2|U+005C",
            "/a%zz|2|percent-encoded",
            "/a/{id|3|never closed",
            "/a/id}|5|closes no placeholder",
            "/a/{}|4|placeholder names",
            "/a/{x y}|4|placeholder names",
            "/naïve|3|U+00EF"})
    void aTemplateThatIsMoreThanAPathIsRefusedWithThePlaceAndReason(String template, int position, String reason) {
        assertThatThrownBy(() -> PathTemplate.parse(template)).isInstanceOf(InvalidPathTemplateException.class)
                .hasMessageContaining(reason)
                .satisfies(e -> assertThat(((InvalidPathTemplateException) e).position()).isEqualTo(position));
    }

    @ParameterizedTest
    @ValueSource(strings = {"/", "/v1/customers/", "/repos/{owner}/{repo}/git/refs/{ref}", "/a:b/@c/$d;e=f,g/~h",
            "/items/{id}.{format}", "/%7Euser/x"})
    void realPathsAreAccepted(String template) {
        assertThat(PathTemplate.isValid(template)).isTrue();
    }

    @Test
    void aControlCharacterOrAnOverlongTemplateIsRefused() {
        assertThat(PathTemplate.isValid("/a\u0000b")).isFalse();
        assertThat(PathTemplate.isValid("/a\r\nHost: evil")).isFalse();
        assertThat(PathTemplate.isValid("/" + "a".repeat(PathTemplate.MAX_LENGTH))).isFalse();
    }
}
