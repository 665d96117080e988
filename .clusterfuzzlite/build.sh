#!/bin/bash -eu
# ClusterFuzzLite runs the same build as OSS-Fuzz.
exec "$SRC/smtsmith/oss-fuzz/build.sh"
