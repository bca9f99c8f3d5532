package dev.capplanner.capabilityplans.registration;

import java.util.Optional;

/** The registry a plan is registered into, as its checks see it: the capabilities of one tenant's project. */
@FunctionalInterface
public interface CapabilityDirectory {

    Optional<RegisteredCapability> find(String name);
}
