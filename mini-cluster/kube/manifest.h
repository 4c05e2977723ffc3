// What the API server does to an object before storing it: strict decoding (unknown and
// mistyped fields), defaults, the labels and selector it generates, and validation with
// the API server's field paths and messages, formatted as kubectl prints them.
#pragma once

#include "kinds.h"
#include "value.h"

#include <QList>
#include <QString>

namespace schedlab::kube {

// One cause of an Invalid (422) answer: apimachinery's field.Error.
struct FieldError
{
    enum class Kind { Required, Invalid, NotSupported, Forbidden, TooLong, Duplicate };
    Kind kind = Kind::Invalid;
    QString field; // "spec.template.spec.restartPolicy"
    // The rejected value as the message prints it, already formatted: "\"Never\"", "-1",
    // "map[string]string{\"app\":\"x\"}", "core.PodTemplateSpec{...}". Empty for Required.
    QString value;
    QString detail;        // "valid values: \"OnFailure\", \"Never\""
    QStringList supported; // for NotSupported: "OnFailure", "Never"
    // "spec.backoffLimit: Invalid value: -1: must be greater than or equal to 0"
    QString toString() const;
};

// kubectl's rendering of an Invalid error: one cause on the same line, several on
// "* " lines; identical causes printed once. No trailing newline.
//   The Job "sommeil" is invalid: spec.template.spec.restartPolicy: Required value: ...
QString formatInvalid(const QString &kind, const QString &name, const QList<FieldError> &errors);

// Strict decoding: the first unknown field, or a field of the wrong type, in document
// order, as the API server names it:
//   strict decoding error: unknown field "spec.template.spec.containers[0].comand"
// Empty when the object decodes. Every field of the real API for these kinds is known
// (PodSpec, Container, ObjectMeta, JobSpec, DeploymentSpec, the Kueue specs...), even
// those the mini-cluster does not act on (resources, env, volumes, nodeSelector, ...).
QString strictDecodingError(const KindInfo &kind, const Value &object);

// Defaults of the API server (batch/v1 Job: completions, parallelism, backoffLimit 6,
// completionMode, suspend, manualSelector, podReplacementPolicy; apps/v1 Deployment:
// replicas 1, revisionHistoryLimit 10, progressDeadlineSeconds 600, strategy; pod specs:
// restartPolicy Always, terminationGracePeriodSeconds 30, dnsPolicy, schedulerName,
// containers' terminationMessagePath/Policy and imagePullPolicy (Always for :latest or no
// tag, IfNotPresent otherwise)...). Applied in place; fields already set are kept.
void applyDefaults(const KindInfo &kind, Value &object);

// A new Job's generated selector and labels (strategy.go generateSelector): the template
// gets controller-uid, batch.kubernetes.io/controller-uid, job-name,
// batch.kubernetes.io/job-name; spec.selector.matchLabels gets
// batch.kubernetes.io/controller-uid; metadata.labels default to the template's labels.
void prepareJobForCreate(Value &job, const QString &uid);

// Validation of a new object (after defaults and prepareJobForCreate), in the validator's
// order. Empty when valid.
QList<FieldError> validateCreate(const KindInfo &kind, const Value &object);
// Validation of an update of `oldObject` into `newObject` (both defaulted): the immutable
// fields (a Job's pod template, selector, completions; the exception of a suspended Job
// that never started), then the object itself.
QList<FieldError> validateUpdate(const KindInfo &kind, const Value &oldObject,
                                 const Value &newObject);
// Warnings the API server returns on create ("metadata.name: this is used in Pod names and
// hostnames, ..." for a Job name with dots), printed by kubectl as "Warning: ...".
QStringList warningsOnCreate(const KindInfo &kind, const Value &object);

} // namespace schedlab::kube
