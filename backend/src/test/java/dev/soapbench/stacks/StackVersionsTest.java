package dev.soapbench.stacks;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StackVersionsTest {

    @Test
    void theVariantIsTheFirstBuildMetadataThatIsNotAHead() {
        assertThat(StackVersions.variant("4.2.3")).isEmpty();
        assertThat(StackVersions.variant("4.2.3+head")).isEmpty();
        assertThat(StackVersions.variant("4.2.3+parallel-gc")).contains("parallel-gc");
        assertThat(StackVersions.variant("4.2.3+parallel-gc+head")).contains("parallel-gc");
    }

    @Test
    void theBuildVersionDropsAllBuildMetadata() {
        assertThat(StackVersions.buildVersion("4.2.3")).isEqualTo("4.2.3");
        assertThat(StackVersions.buildVersion("4.2.3+parallel-gc+head")).isEqualTo("4.2.3");
        assertThat(StackVersions.withVariant("4.2.3", "nio2")).isEqualTo("4.2.3+nio2");
        assertThat(StackVersions.withVariant("4.2.3", null)).isEqualTo("4.2.3");
    }

    @Test
    void aWorkloadNameSplitsIntoIdVersionAndVariant() {
        assertThat(StackName.parse("cxf")).isEqualTo(new StackName("cxf", null, null));
        assertThat(StackName.parse("cxf+nio2")).isEqualTo(new StackName("cxf", null, "nio2"));
        assertThat(StackName.parse("cxf@4.2.3+nio2")).isEqualTo(new StackName("cxf", "4.2.3", "nio2"));
        assertThat(StackName.parse("cxf@4.2.3")).isEqualTo(new StackName("cxf", "4.2.3", null));
    }
}
