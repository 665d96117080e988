#!/bin/bash -eu
# ClusterFuzzLite runs the same build as OSS-Fuzz: Z3 from source with the platform's flags
# (about an hour on 2 cores, docs/usage.md "OSS-Fuzz and ClusterFuzzLite"; set
# SMTSMITH_Z3_FROM=wheel here to link the wheel instead and skip that hour).
exec "$SRC/smtsmith/oss-fuzz/build.sh"
