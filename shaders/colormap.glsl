// A perceptual color map (an approximation of "turbo"): t in [0,1].
vec3 colormap(float t) {
    t = clamp(t, 0.0, 1.0);
    vec3 c = vec3(0.1357, 0.0914, 0.1067) +
             t * (vec3(4.6154, 2.1943, 12.6419) +
             t * (vec3(-42.6603, 4.8430, -60.5820) +
             t * (vec3(132.1311, -14.1850, 110.3628) +
             t * (vec3(-152.9424, 4.2773, -89.9031) +
             t * vec3(59.2864, 2.8296, 27.3482)))));
    return clamp(c, 0.0, 1.0);
}
