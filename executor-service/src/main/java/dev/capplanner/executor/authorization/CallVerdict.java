package dev.capplanner.executor.authorization;

import java.util.Map;

/** The last mile's answer for one call: go, with the arguments to send, or no, with the rule and the reason. */
public sealed interface CallVerdict {

    record Go(Map<String, Object> arguments) implements CallVerdict {
        public Go {
            arguments = Map.copyOf(arguments);
        }
    }

    record Refused(DenialRule rule, String reason) implements CallVerdict {
    }
}
