#!/bin/sh
# Gradescope runs this once, as root, when it builds the autograder's image
# (Ubuntu): the toolchains of the languages students use. rjm itself comes
# built in the autograder's zip, as /autograder/source/rjm (on your machine:
# GOOS=linux GOARCH=amd64 go build -o rjm ./cmd/rjm). Drop the languages
# your course does not allow.
set -e
apt-get update
apt-get install -y --no-install-recommends python3 default-jdk-headless gcc g++ nodejs golang-go rustc cargo
chmod +x /autograder/source/rjm /autograder/source/run_autograder
cp /autograder/source/run_autograder /autograder/run_autograder
