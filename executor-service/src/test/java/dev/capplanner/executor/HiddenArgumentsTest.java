package dev.capplanner.executor;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.executor.authorization.CallVerdict;
import dev.capplanner.executor.authorization.DenialRule;
import dev.capplanner.executor.authorization.HiddenArguments;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HiddenArgumentsTest {

    private static final Map<String, String> RUN = Map.of("tenant", "acme", "principal", "u-1");

    private static Map<String, Object> schema(Object mark) {
        return Map.of("type", "object", "properties", Map.of("orderId", Map.of("type", "string"),
                "tenant", Map.of("type", "string", "x-capplanner-bind", mark)));
    }

    @Test
    void aMarkedParameterIsFilledFromTheRun() {
        CallVerdict verdict = HiddenArguments.bind(schema("tenant"), Map.of("orderId", "O-1"), RUN);

        assertThat(verdict).isEqualTo(new CallVerdict.Go(Map.of("orderId", "O-1", "tenant", "acme")));
    }

    @Test
    void aPlanThatSetsAMarkedParameterIsRefused() {
        CallVerdict verdict = HiddenArguments.bind(schema("tenant"), Map.of("orderId", "O-1", "tenant", "globex"), RUN);

        assertThat(verdict).isInstanceOfSatisfying(CallVerdict.Refused.class,
                refused -> assertThat(refused.rule()).isEqualTo(DenialRule.HIDDEN_ARGUMENT));
    }

    @Test
    void aMarkThatNamesNoKnownSourceRefusesTheCallInsteadOfLettingThePlanFillIt() {
        for (Object mark : new Object[] {42, "everyone", ""}) {
            CallVerdict withoutValue = HiddenArguments.bind(schema(mark), Map.of("orderId", "O-1"), RUN);
            CallVerdict withPlanValue = HiddenArguments.bind(schema(mark), Map.of("orderId", "O-1", "tenant", "globex"),
                    RUN);

            assertThat(withoutValue).as("mark %s", mark).isInstanceOf(CallVerdict.Refused.class);
            assertThat(withPlanValue).as("mark %s", mark).isInstanceOf(CallVerdict.Refused.class);
        }
    }
}
