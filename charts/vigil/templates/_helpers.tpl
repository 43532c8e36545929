{{- define "vigil.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "vigil.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{- define "vigil.labels" -}}
{{ include "vigil.selectorLabels" . }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
helm.sh/chart: {{ printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" }}
{{- end -}}

{{- define "vigil.selectorLabels" -}}
app.kubernetes.io/name: {{ include "vigil.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{- define "vigil.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- default (include "vigil.fullname" .) .Values.serviceAccount.name -}}
{{- else -}}
{{- default "default" .Values.serviceAccount.name -}}
{{- end -}}
{{- end -}}

{{- define "vigil.embedded" -}}
{{- if or .Values.databaseUrl .Values.existingDatabaseSecret -}}false{{- else -}}true{{- end -}}
{{- end -}}

{{/* The URL NOTES.txt and VIGIL_PUBLIC_URL use: publicUrl, else the ingress host. */}}
{{- define "vigil.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- .Values.publicUrl -}}
{{- else if .Values.ingress.enabled -}}
{{- printf "%s://%s" (ternary "https" "http" (gt (len .Values.ingress.tls) 0)) .Values.ingress.host -}}
{{- end -}}
{{- end -}}

{{/* Refuse combinations that cannot work, with a message that says what to change. */}}
{{- define "vigil.validate" -}}
{{- if and (eq (include "vigil.embedded" .) "true") (gt (int .Values.replicaCount) 1) -}}
{{- fail "replicaCount > 1 needs an external PostgreSQL (databaseUrl or existingDatabaseSecret): the embedded database serves one pod" -}}
{{- end -}}
{{- if and .Values.databaseUrl .Values.existingDatabaseSecret -}}
{{- fail "set databaseUrl or existingDatabaseSecret, not both" -}}
{{- end -}}
{{- if and .Values.adminPassword .Values.existingAdminSecret -}}
{{- fail "set adminPassword or existingAdminSecret, not both" -}}
{{- end -}}
{{- if and .Values.agent.token .Values.agent.existingTokenSecret -}}
{{- fail "set agent.token or agent.existingTokenSecret, not both" -}}
{{- end -}}
{{- if and .Values.agent.upstreamUrl (not (or .Values.agent.token .Values.agent.existingTokenSecret)) -}}
{{- fail "agent.upstreamUrl needs the agent's access token: set agent.token or agent.existingTokenSecret" -}}
{{- end -}}
{{- if and (not .Values.agent.upstreamUrl) (or .Values.agent.token .Values.agent.existingTokenSecret) -}}
{{- fail "an agent token needs agent.upstreamUrl, the central Vigil it pushes to" -}}
{{- end -}}
{{- end -}}
